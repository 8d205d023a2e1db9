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
  constructor(name) {
    this.name = name;
    this.nextId = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module', name: this.name });
    this.worker.onmessage = ({ data }) => this.settle(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(`worker ${this.name}: ${event.message || 'failed to start'}`));
    };
  }

  settle({ id, result, error }) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(Object.assign(new Error(error.message), { failure: error.failure }));
    else waiting.resolve(result);
  }

  failAll(error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Sends {op, ...fields}; resolves with the worker's result. */
  request(op, fields = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, ...fields });
    });
  }

  get busy() {
    return this.pending.size > 0;
  }

  /** Abandons every request in flight (they reject with CancelledError)
   * and starts a fresh worker. */
  restart() {
    this.worker.terminate();
    this.failAll(new CancelledError());
    this.start();
  }
}
