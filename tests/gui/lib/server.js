// Starts `rulezero gui --port 0`, reads the address it prints, and reads /api/state.
'use strict';
const { spawn } = require('child_process');
const http = require('http');

function startServer(rulezero, extraArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(rulezero, ['gui', '--port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error('rulezero gui printed no address in 10 s:\n' + out + err)); }, 10000);
    const look = () => {
      const m = /http:\/\/[0-9.]+:\d+\//.exec(out);
      if (m) { clearTimeout(timer); resolve({ url: m[0], child, rulezero, log: () => out + err }); }
    };
    child.stdout.on('data', d => { out += d; look(); });
    child.stderr.on('data', d => { err += d; });
    child.on('exit', code => { clearTimeout(timer); reject(new Error('rulezero gui exited with ' + code + ':\n' + out + err)); });
  });
}

function stopServer(server) {
  return new Promise(resolve => {
    if (server.child.exitCode !== null) { resolve(); return; }
    server.child.removeAllListeners('exit');
    server.child.on('exit', () => resolve());
    server.child.kill('SIGTERM');
    setTimeout(() => { if (server.child.exitCode === null) server.child.kill('SIGKILL'); }, 3000);
  });
}

function getJson(url) {
  return new Promise((resolve, reject) => {
    http.get(url, res => {
      let body = '';
      res.on('data', d => { body += d; });
      res.on('end', () => {
        if (res.statusCode !== 200) { reject(new Error('GET ' + url + ': ' + res.statusCode + ' ' + body)); return; }
        try { resolve(JSON.parse(body)); } catch (e) { reject(new Error('GET ' + url + ': bad JSON: ' + body.slice(0, 200))); }
      });
    }).on('error', reject);
  });
}

// The game as the server holds it; a stand-in for the server (the in-browser
// build's Worker session, lib/insession.js) brings its own `state()`.
const serverState = server => server.state ? server.state() : getJson(server.url + 'api/state');

module.exports = { startServer, stopServer, serverState, getJson };
