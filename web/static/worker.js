// The page's worker: satdoku built for js/wasm answers here, so that the
// page never freezes. A message {id, args, input} runs a command; the
// answer is {id, code, out, err}, or {id, error}.
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
  go.run(inst); // sets satdokuRun, then waits for calls
})();

onmessage = async (e) => {
  const { id, args, input } = e.data;
  try {
    await ready;
    const r = await self.satdokuRun(args, input);
    postMessage({ id, code: r.code, out: r.out, err: r.err });
  } catch (err) {
    postMessage({ id, error: String((err && err.message) || err) });
  }
};
