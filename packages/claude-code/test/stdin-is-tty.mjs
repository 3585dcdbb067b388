// Loaded with `node --import` into a hook process by hook-main.test.ts: its stdin (a pipe the test
// leaves open) says it is a terminal, as when a person types `memfiles hook <event>`.
Object.defineProperty(process.stdin, "isTTY", { value: true });
