// engine-client.js: the page's side of a worker running the WebAssembly
// rules and engine (engine-worker.js): requests as promises, and a restart
// that abandons whatever the worker was doing (a search no longer wanted).

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export class EngineClient {
  /** module: the compiled halma.wasm (or a promise of it), shared by every
   * worker so it is downloaded and compiled once; without it the worker
   * fetches its own. */
  constructor(name, module = null) {
    this.name = name;
    this.module = Promise.resolve(module);
    this.nextId = 1;
    this.pending = new Map();
    this.worker = null; // started by the first request
  }

  start() {
    this.worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module', name: this.name });
    this.worker.onmessage = ({ data }) => this.settle(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(`worker ${this.name}: ${event.message || 'failed to start'}`));
    };
    const worker = this.worker;
    this.module.then(
      (module) => worker.postMessage({ op: 'init', module }),
      () => worker.postMessage({ op: 'init', module: null }),
    );
  }

  settle(reply, released = false) {
    const waiting = this.pending.get(reply.id);
    if (!waiting || (!released && this.held(waiting, reply))) return;
    this.pending.delete(reply.id);
    const { result, error } = reply;
    if (error) waiting.reject(Object.assign(new Error(error.message), { failure: error.failure }));
    else waiting.resolve(result);
  }

  /** Tests hold the replies of chosen operations to see the page while it
   * waits for them, however fast the engine (docs/WEB.md, Test hooks):
   * with window.halmaTest = { hold: ['think'] }, each held reply waits in
   * window.halmaTest.held as a function that delivers it. The page never
   * sets it. */
  held(waiting, reply) {
    const hooks = globalThis.halmaTest;
    if (!hooks?.hold?.includes(waiting.op)) return false;
    (hooks.held ??= []).push(() => this.pending.get(reply.id) === waiting && this.settle(reply, true));
    return true;
  }

  failAll(error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Sends {op, ...fields}; resolves with the worker's result. */
  request(op, fields = {}) {
    if (!this.worker) this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { op, resolve, reject });
      this.worker.postMessage({ id, op, ...fields });
    });
  }

  /** Is a worker up (started, and not abandoned since)? */
  get running() {
    return this.worker !== null;
  }

  get busy() {
    return this.pending.size > 0;
  }

  /** Abandons every request in flight (they reject with CancelledError);
   * the next request starts a fresh worker. */
  restart() {
    this.worker?.terminate();
    this.worker = null;
    this.failAll(new CancelledError());
  }

  /** Starts the worker ahead of its first request. */
  warmUp() {
    if (!this.worker) this.start();
  }
}
