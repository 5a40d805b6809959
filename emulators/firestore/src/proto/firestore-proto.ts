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

/** Loaded on first use (protobufjs is a large module): the emulator opens its port without it. */
export function firestoreRoot(): protobuf.Root {
  if (cached) return cached;
  const pb = require('protobufjs') as typeof protobuf;
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
