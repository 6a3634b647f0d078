// A real LSP client against `epicsdb lsp`: vscode-languageserver-protocol over vscode-jsonrpc,
// the library VS Code's own client is built on. Starts the server as a process and goes
// through a session: initialize, open a document with errors, its diagnostics at the right
// ranges, an incremental change and the updated diagnostics, hover, completion, definition
// across two files, shutdown and exit (status 0).
//   node client.test.js EPICSDB FILES_DIR
'use strict';
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const rpc = require('vscode-jsonrpc/node');
const lsp = require('vscode-languageserver-protocol');

const [epicsdb, filesDir] = process.argv.slice(2);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'epicsdb-lsp-node-'));
for (const name of ['main.db', 'targets.db']) fs.copyFileSync(path.join(filesDir, name), path.join(work, name));
const uri = (name) => 'file://' + path.join(work, name);
const mainUri = uri('main.db');
const mainText = fs.readFileSync(path.join(work, 'main.db'), 'utf8');
const lineOf = (text, needle) => text.split('\n').findIndex((line) => line.includes(needle));

const server = spawn(epicsdb, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
const connection = lsp.createProtocolConnection(new rpc.StreamMessageReader(server.stdout),
                                                new rpc.StreamMessageWriter(server.stdin));
const published = [];
let waiting = null;
connection.onNotification(lsp.PublishDiagnosticsNotification.type, (params) => {
  published.push(params);
  if (waiting && waiting.uri === params.uri) {
    const resolve = waiting.resolve;
    waiting = null;
    resolve(params);
  }
});
const nextDiagnostics = (target) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('no diagnostics for ' + target)), 20000);
  waiting = { uri: target, resolve: (p) => { clearTimeout(timer); resolve(p); } };
});
connection.listen();

const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));

async function main() {
  const init = await connection.sendRequest(lsp.InitializeRequest.type, {
    processId: process.pid, rootUri: 'file://' + work, capabilities: {}, workspaceFolders: null,
  });
  assert.strictEqual(init.capabilities.positionEncoding, 'utf-16');
  assert.strictEqual(init.capabilities.textDocumentSync.change, lsp.TextDocumentSyncKind.Incremental);
  await connection.sendNotification(lsp.InitializedNotification.type, {});

  // Open: the two mistakes, where they are.
  let diagnostics = nextDiagnostics(mainUri);
  await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: mainUri, languageId: 'epics-db', version: 1, text: mainText },
  });
  let got = (await diagnostics).diagnostics;
  const scanLine = lineOf(mainText, '3 second');
  const prec = lineOf(mainText, 'PRECC');
  const choice = got.find((d) => d.code === 'field-value');
  assert.ok(choice, JSON.stringify(got));
  assert.deepStrictEqual(choice.range, { start: { line: scanLine, character: 17 }, end: { line: scanLine, character: 25 } });
  assert.strictEqual(choice.severity, lsp.DiagnosticSeverity.Error);
  const unknown = got.find((d) => d.code === 'field-unknown');
  assert.ok(unknown, JSON.stringify(got));
  assert.deepStrictEqual(unknown.range, { start: { line: prec, character: 10 }, end: { line: prec, character: 15 } });

  // The quick fix of the misspelled field.
  const actions = await connection.sendRequest(lsp.CodeActionRequest.type, {
    textDocument: { uri: mainUri }, range: unknown.range, context: { diagnostics: [unknown] },
  });
  assert.strictEqual(actions[0].edit.changes[mainUri][0].newText, 'PREC');

  // An incremental change: "3 second" -> "1 second"; the update drops that error.
  diagnostics = nextDiagnostics(mainUri);
  await connection.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: mainUri, version: 2 },
    contentChanges: [{ range: { start: { line: scanLine, character: 17 }, end: { line: scanLine, character: 18 } }, text: '1' }],
  });
  got = (await diagnostics).diagnostics;
  assert.ok(!got.some((d) => d.code === 'field-value'), JSON.stringify(got));
  assert.ok(got.some((d) => d.code === 'field-unknown'), JSON.stringify(got));

  // Hover on a field name.
  const descLine = lineOf(mainText, 'DESC');
  const hover = await connection.sendRequest(lsp.HoverRequest.type, {
    textDocument: { uri: mainUri }, position: { line: descLine, character: 11 },
  });
  assert.ok(hover.contents.value.includes('Free-text description'), JSON.stringify(hover));
  assert.ok(hover.contents.value.includes('DBF_STRING'), JSON.stringify(hover));

  // Completion of the SCAN value.
  const completion = await connection.sendRequest(lsp.CompletionRequest.type, {
    textDocument: { uri: mainUri }, position: { line: scanLine, character: 17 },
  });
  const labels = completion.items.map((item) => item.label);
  assert.ok(labels.includes('1 second') && labels.includes('I/O Intr'), JSON.stringify(labels));

  // Definition across two files: FLNK's target is in targets.db (read through the include),
  // then with targets.db open too.
  const flnk = lineOf(mainText, 'FLNK');
  const ask = () => connection.sendRequest(lsp.DefinitionRequest.type, {
    textDocument: { uri: mainUri }, position: { line: flnk, character: 20 },
  });
  let definition = await ask();
  const targetsText = fs.readFileSync(path.join(work, 'targets.db'), 'utf8');
  const calcLine = lineOf(targetsText, 'record(calc');
  assert.strictEqual(definition[0].uri, uri('targets.db'), JSON.stringify(definition));
  assert.strictEqual(definition[0].range.start.line, calcLine);
  diagnostics = nextDiagnostics(uri('targets.db'));
  await connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: uri('targets.db'), languageId: 'epics-db', version: 1, text: targetsText },
  });
  await diagnostics;
  definition = await ask();
  assert.deepStrictEqual(definition[0].range, { start: { line: calcLine, character: 14 }, end: { line: calcLine, character: 23 } });

  // A document never opened: an error, and the server goes on.
  await assert.rejects(connection.sendRequest(lsp.HoverRequest.type, {
    textDocument: { uri: uri('never.db') }, position: { line: 0, character: 0 },
  }), (error) => error.code === lsp.ErrorCodes.InvalidParams);

  await connection.sendRequest(lsp.ShutdownRequest.type);
  await connection.sendNotification(lsp.ExitNotification.type);
  const code = await exited;
  assert.strictEqual(code, 0);
}

const timeout = setTimeout(() => { console.error('timed out'); server.kill(); process.exit(1); }, 60000);
main().then(() => {
  clearTimeout(timeout);
  connection.dispose();
  fs.rmSync(work, { recursive: true, force: true });
  console.log('lsp node client: all checks passed');
  process.exit(0);
}, (error) => {
  console.error(error);
  server.kill();
  process.exit(1);
});
