/** The google.firestore.v1 protos shipped with @google-cloud/firestore, loaded as protobufjs reflection. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type protobuf from 'protobufjs';

const require = createRequire(import.meta.url);

/**
 * The folder of protos inside @google-cloud/firestore (`build/protos`: v1.json and the .proto
 * sources). The package exports only its entry points and package.json, so the folder is found
 * from package.json rather than required by subpath.
 */
export function firestoreProtosDir(): string {
  return path.join(
    path.dirname(require.resolve('@google-cloud/firestore/package.json')),
    'build/protos',
  );
}

let cached: protobuf.Root | undefined;
let runtime: typeof protobuf | undefined;

/**
 * protobufjs itself, loaded on first use: its one-file build (dist/protobuf.min.js, the same code
 * as the package entry) loads in a fraction of the time of the entry's ~30 modules. That build does
 * not find the `long` package by itself, so it is given it (int64 values beyond 2^53 stay exact).
 * An idle emulator never loads either (see the README's Benchmark section).
 */
export function protobufRuntime(): typeof protobuf {
  if (runtime) return runtime;
  const pb = require('protobufjs/dist/protobuf.min.js') as typeof protobuf;
  const fromProtobufjs = createRequire(require.resolve('protobufjs/package.json'));
  pb.util.Long = fromProtobufjs('long') as typeof pb.util.Long;
  pb.configure();
  runtime = pb;
  return pb;
}

/** Loaded on first use (the first gRPC call or REST request body): the emulator opens its port without it. */
export function firestoreRoot(): protobuf.Root {
  if (cached) return cached;
  const pb = protobufRuntime();
  const descriptor = JSON.parse(
    readFileSync(path.join(firestoreProtosDir(), 'v1.json'), 'utf8'),
  ) as protobuf.INamespace;
  const root = pb.Root.fromJSON(descriptor);
  const write = root.lookupType('google.firestore.v1.Write');
  // Write.verify (field 5) is missing from the shipped descriptor; the web SDK sends it.
  if (!write.fields['verify']) {
    write.add(new pb.Field('verify', 5, 'string'));
    write.oneofs['operation']?.add(write.fields['verify'] as protobuf.Field);
  }
  root.resolveAll();
  cached = root;
  return root;
}

export function firestoreType(name: string): protobuf.Type {
  return firestoreRoot().lookupType(`google.firestore.v1.${name}`);
}

export function firestoreService(): protobuf.Service {
  return firestoreRoot().lookupService('google.firestore.v1.Firestore');
}
