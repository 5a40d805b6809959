/**
 * Loads emulator-data/firestore.json into whatever Firestore FIRESTORE_EMULATOR_HOST names,
 * through the Admin SDK. `npm start` uses it for the official emulator (our own emulator
 * imports the file directly). Refuses to run without FIRESTORE_EMULATOR_HOST, so it can never
 * write demo data into a real project.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { GeoPoint, getFirestore, Timestamp } from 'firebase-admin/firestore';
import { PROJECT_ID, ROOT } from './lib/stack';

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  console.error('FIRESTORE_EMULATOR_HOST is not set: refusing to seed anything but an emulator.');
  process.exit(2);
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const db = getFirestore(initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID }));

function decode(value: Json): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    if ('$timestamp' in value) return Timestamp.fromDate(new Date(String(value.$timestamp)));
    if ('$reference' in value) return db.doc(String(value.$reference));
    if ('$double' in value) return Number(value.$double);
    if ('$bytes' in value) return Buffer.from(String(value.$bytes), 'base64');
    if ('$geopoint' in value && Array.isArray(value.$geopoint)) {
      return new GeoPoint(Number(value.$geopoint[0]), Number(value.$geopoint[1]));
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

const seed = JSON.parse(
  await readFile(path.join(ROOT, 'emulator-data/firestore.json'), 'utf8'),
) as {
  version: number;
  documents: Record<string, Record<string, Json>>;
};
const writer = db.bulkWriter();
for (const [docPath, fields] of Object.entries(seed.documents)) {
  void writer.set(db.doc(docPath), decode(fields) as Record<string, unknown>);
}
await writer.close();
console.log(`Seeded ${Object.keys(seed.documents).length} documents`);
