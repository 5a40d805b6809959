/**
 * Loaded first (NODE_OPTIONS --require, withFirebaseToolsPreloads in firebase-tools-launch.ts) in
 * every Node process of each firebase-tools this repository starts; it acts only in
 * firebase-tools' own process, the one that serves the Auth emulator.
 *
 * The Auth emulator routes and validates requests with exegesis, from the OpenAPI description of
 * the whole Identity Toolkit API. By default exegesis compiles a JSON Schema validator for every
 * parameter and body of every operation when the emulator starts: about 9 CPU-seconds of the
 * 21 that firebase-tools spent over three journeys on 2 cores, before it reports ready. exegesis
 * has an option to compile each validator on its first use instead (`lazyCompileValidationSchemas`,
 * same validation), which firebase-tools does not set; this sets it as the default for every
 * exegesis API compiled in the process. An API that sets the option itself keeps its choice.
 */
'use strict';

const main = process.argv[1] || '';
if (/firebase-tools[\\/]lib[\\/]bin[\\/]firebase(\.js)?$|[\\/]\.bin[\\/]firebase$/.test(main)) {
  try {
    const { createRequire } = process.getBuiltinModule('node:module');
    const fromFirebaseTools = createRequire(require.resolve('firebase-tools/package.json'));
    const options = fromFirebaseTools('exegesis/lib/options');
    const compileOptions = options.compileOptions;
    if (typeof compileOptions === 'function') {
      options.compileOptions = (given) =>
        compileOptions({
          ...given,
          lazyCompileValidationSchemas: given?.lazyCompileValidationSchemas ?? true,
        });
    }
  } catch {
    // Another firebase-tools without exegesis: its Auth emulator starts as it always did.
  }
}
