/**
 * The full web SDK (`firebase/firestore`, not Lite) in Node: it talks gRPC (@grpc/grpc-js) to the
 * emulator's port, reads through the Listen stream and writes through the Write stream.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore,
  setLogLevel,
  terminate,
  type EmulatorMockTokenOptions,
  type Firestore,
} from 'firebase/firestore';

export function webClient(
  where: { host: string; port: number; projectId: string },
  name: string,
  mockUserToken?: EmulatorMockTokenOptions | string,
): { db: Firestore; close(): Promise<void> } {
  // The SDK logs a warning for every dropped stream; the tests drop some on purpose.
  setLogLevel('silent');
  const app = initializeApp({ projectId: where.projectId, apiKey: 'fake-api-key' }, name);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, where.host, where.port, mockUserToken ? { mockUserToken } : {});
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteApp(app);
    },
  };
}

/** An Auth-emulator style mock user for `mockUserToken` (the SDK signs nothing). */
export function mockUser(uid: string): { sub: string; user_id: string } {
  return { sub: uid, user_id: uid };
}
