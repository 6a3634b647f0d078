// The VS Code side of epicsdb: starts `epicsdb lsp` for the EPICS file types (package.json)
// and lets vscode-languageclient do the rest.
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration('epicsdb');
  const command = settings.get('path', 'epicsdb');
  const args = ['lsp', '-j', String(settings.get('jobs', 0))];
  const serverOptions = { run: { command, args }, debug: { command, args } };
  const clientOptions = {
    documentSelector: ['epics-db', 'epics-substitutions', 'epics-dbd', 'epics-cmd'].map(
      (language) => ({ scheme: 'file', language })),
    synchronize: {
      // The project file: definitions, include directories, macros, the IOC's st.cmd.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/.epicsdb.toml'),
    },
  };
  client = new LanguageClient('epicsdb', 'epicsdb', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
