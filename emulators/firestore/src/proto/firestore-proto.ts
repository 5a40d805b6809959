/** The google.firestore.v1 protos shipped with @google-cloud/firestore, loaded as protobufjs reflection. */
import { createRequire } from 'node:module';
import type protobuf from 'protobufjs';

const require = createRequire(import.meta.url);

let cached: protobuf.Root | undefined;

/** Loaded on first use (protobufjs is a large module): the emulator opens its port without it. */
export function firestoreRoot(): protobuf.Root {
  if (cached) return cached;
  const pb = require('protobufjs') as typeof protobuf;
  const descriptor = require('@google-cloud/firestore/build/protos/v1.json') as protobuf.INamespace;
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
