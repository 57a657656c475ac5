"""The rules engine: a private package (import its public names from :mod:`pytruco`)."""
