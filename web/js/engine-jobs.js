// engine-jobs.js: the engine worker's one job at a time.  The phase says
// what it does: 'idle', 'thinking' (the computer's move), 'hinting' (a hint)
// or 'analysing' (judging the game's positions).  A job begun is a ticket;
// a later job or a cancel makes the earlier ticket stale, so a late answer
// is dropped by whoever holds it.

export class EngineJobs {
  /** engine: the EngineClient that searches. */
  constructor(engine) {
    this.engine = engine;
    this.phase = 'idle';
    this.token = 0;
  }

  /** Starts a job of `phase`: its ticket. */
  begin(phase) {
    this.phase = phase;
    return ++this.token;
  }

  /** Is the job of this ticket still the engine's? */
  current(ticket) {
    return ticket === this.token;
  }

  /** Ends the ticket's job if it is still the current one (the engine is
   * idle again); false when it is stale. */
  settle(ticket) {
    if (!this.current(ticket)) return false;
    this.phase = 'idle';
    return true;
  }

  /** Abandons the engine's job (only if its phase is `only`, when given):
   * its answer, if it still comes, is dropped. */
  cancel(only = null) {
    if (this.phase === 'idle' || (only && this.phase !== only)) return;
    this.token++;
    this.phase = 'idle';
    this.engine.restart();
  }

  /** Another game: the engine forgets the one before, as `halma engine`
   * does on `newgame` (a worker not started yet has nothing to forget). */
  forgetGame() {
    return this.engine.running ? this.engine.request('newGame') : Promise.resolve(null);
  }

  request(op, fields) {
    return this.engine.request(op, fields);
  }
}
