#!/usr/bin/env node
// A pytruco-bot/1 player in JavaScript, for tests/test_external_bot.py: one JSON request a line in, one answer
// out. It answers a legal action drawn by a seeded xorshift, never the mazo or rendirse when it has a choice.
// An argument makes it misbehave, to test how the table reports a broken bot: illegal, garbage, die, silent.
"use strict";
const readline = require("readline");
const mode = process.argv[2] || "play";
let state = 2463534242;
function next() {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
}
const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  if (request.protocol !== "pytruco-bot/1") { process.exit(3); }
  const legal = request.view.legal;
  if (mode === "illegal") { console.log(JSON.stringify({ action: "0 vale-cuatro" })); return; }
  if (mode === "garbage") { console.log("I fold"); return; }
  if (mode === "die") { process.exit(7); }
  if (mode === "silent") { return; }
  const calm = legal.filter((action) => !/ (mazo|rendirse)$/.test(action));
  const choices = calm.length > 0 ? calm : legal;
  console.log(JSON.stringify({ action: choices[next() % choices.length] }));
});
