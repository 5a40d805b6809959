/**
 * Loaded first (NODE_OPTIONS --require, withFirebaseToolsPreloads in firebase-tools-launch.ts) in
 * every Node process of each firebase-tools this repository starts (the local stack's, the
 * Firestore emulator's tests'); it acts only in the Functions emulator's worker, and only in the
 * mode they run it in: one worker for every function (oneFunctionsWorker, firebase-tools' debug
 * mode).
 *
 * In that mode firebase-tools tells the worker which function the next request is for with an IPC
 * message, then sends the request over HTTP, and the worker keeps that function in a global it
 * reads only once the request's body is in. Nothing orders the three: under load a request ran as
 * the function of the message before it, or of the one after it (a callable answered "Cannot
 * parse event payload." as a Firestore trigger, and the worker then exited). `npm run load` showed
 * it about once in 40 calls. Here the worker takes them strictly in turn: a message, then one
 * request (held until the runtime has handled its message, which it does a microtask later), and
 * the next message only once that request's response is over. Health checks pass straight through.
 */
'use strict';

const main = process.argv[1] || '';
if (/functionsEmulatorRuntime(\.js)?$/.test(main) && process.env.FUNCTION_DEBUG_MODE) {
  const http = process.getBuiltinModule('node:http');
  const emitRequest = http.Server.prototype.emit;
  const emitProcess = process.emit;
  /** IPC messages waiting to be handled, each naming the function of one request. */
  const messages = [];
  /** Requests waiting for their message. */
  const requests = [];
  /**
   * Where the worker is in its turn: 'idle' (ready for the next message), 'naming' (a message
   * emitted that the runtime may still be handling), 'named' (the request it names may go), and
   * 'serving' (that request's response is not over yet).
   */
  let stage = 'idle';
  /** The function the last message named (its entry point). */
  let target = '';
  /** The message's function, when it names one: `{"functionTarget": ...}`. */
  const targetOf = (message) => {
    try {
      const parsed = typeof message === 'string' ? JSON.parse(message) : message;
      return typeof parsed?.functionTarget === 'string' ? parsed.functionTarget : '';
    } catch {
      return '';
    }
  };

  const pump = () => {
    if (stage === 'idle' && messages.length > 0) {
      // The runtime handles each message on a promise chain, so its target is set a microtask
      // after the emit. A request held here has its body buffered already, and reading it takes
      // only process.nextTick callbacks, which run before microtasks: released in the same
      // turn, it would run as the previous function. setImmediate runs after every microtask.
      stage = 'naming';
      const message = messages.shift();
      target = targetOf(message[1]);
      emitProcess.apply(process, message);
      setImmediate(() => {
        stage = 'named';
        pump();
      });
    } else if (stage === 'named' && requests.length > 0) {
      const { server, args } = requests.shift();
      stage = 'serving';
      const response = args[2];
      // firebase-tools prints these two lines for each call, but not in this mode (its one worker
      // serves every function): printed here, the emulator's log shows every call again, which
      // `npm run cost` counts (scripts/lib/cost/meter.ts).
      const name = target;
      const started = process.hrtime.bigint();
      if (name) process.stdout.write(`Beginning execution of "${name}"\n`);
      response.once('close', () => {
        if (name) {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          process.stdout.write(`Finished "${name}" in ${ms}ms\n`);
        }
        stage = 'idle';
        process.nextTick(pump);
      });
      emitRequest.apply(server, args);
    }
  };

  process.emit = function orderedProcessEmit(event, ...args) {
    if (event !== 'message') return emitProcess.call(this, event, ...args);
    messages.push([event, ...args]);
    pump();
    return true;
  };
  http.Server.prototype.emit = function orderedRequestEmit(event, ...args) {
    if (event !== 'request' || args[0]?.url === '/__/health') {
      return emitRequest.call(this, event, ...args);
    }
    requests.push({ server: this, args: [event, ...args] });
    pump();
    return true;
  };
}
