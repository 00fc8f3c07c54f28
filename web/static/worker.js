// The page's worker: satdoku's page build for js/wasm (./web/wasm)
// answers here, so that the page never freezes. A message {id, q, body}
// asks a question of the page (package pageapi: body is its JSON
// request). The answer is {id, out}, or {id, error}.
'use strict';
importScripts('wasm_exec.js');

const ready = (async () => {
  const go = new Go();
  let inst;
  try {
    inst = (await WebAssembly.instantiateStreaming(fetch('satdoku.wasm'), go.importObject)).instance;
  } catch (e) {
    // A host that does not serve application/wasm.
    const buf = await (await fetch('satdoku.wasm')).arrayBuffer();
    inst = (await WebAssembly.instantiate(buf, go.importObject)).instance;
  }
  go.run(inst); // sets satdokuPage, then waits for calls
})();

onmessage = async (e) => {
  const { id, q, body } = e.data;
  try {
    await ready;
    const r = await self.satdokuPage(q, body);
    if (r.ok) postMessage({ id, out: r.body });
    else postMessage({ id, error: r.error || 'satdoku failed' });
  } catch (err) {
    postMessage({ id, error: String((err && err.message) || err) });
  }
};
