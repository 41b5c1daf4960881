// Entry point of `crawl`: real streams, env and files, Ctrl-C as an abort signal, then exit.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { runCli } from './program.js';

const interrupt = new AbortController();
// The first Ctrl-C stops waiting (the job keeps running); a second one ends the process at once.
process.once('SIGINT', () => {
  interrupt.abort(new Error('interrupted'));
  process.once('SIGINT', () => process.exit(130));
});

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  homeDir: homedir(),
  interrupt: interrupt.signal,
  readFile: (p) => readFile(p),
  writeFile: (p, data) => writeFile(p, data),
  appendFile: (p, data) => appendFile(p, data),
  makeDir: async (p) => {
    await mkdir(p, { recursive: true });
  },
  stdio: { stdin: process.stdin, stdout: process.stdout },
});
process.exitCode = code;
