/** Fails loudly if reactfire's hooks for an SDK this app does not bundle are ever called. */
function unavailable(name: string) {
  return (): never => {
    throw new Error(`${name} is not bundled in this app (see lib/unused-firebase-sdks/README.md)`);
  };
}

// firebase/database
export const get = unavailable('firebase/database get');
export const off = unavailable('firebase/database off');
export const onChildAdded = unavailable('firebase/database onChildAdded');
export const onChildChanged = unavailable('firebase/database onChildChanged');
export const onChildMoved = unavailable('firebase/database onChildMoved');
export const onChildRemoved = unavailable('firebase/database onChildRemoved');
export const onValue = unavailable('firebase/database onValue');
// firebase/firestore (full SDK; the app uses firebase/firestore/lite)
export const onSnapshot = unavailable('firebase/firestore onSnapshot');
export const queryEqual = unavailable('firebase/firestore queryEqual');
// firebase/remote-config
export const ensureInitialized = unavailable('firebase/remote-config ensureInitialized');
export const getAll = unavailable('firebase/remote-config getAll');
export const getBoolean = unavailable('firebase/remote-config getBoolean');
export const getNumber = unavailable('firebase/remote-config getNumber');
export const getString = unavailable('firebase/remote-config getString');
export const getValue = unavailable('firebase/remote-config getValue');
// firebase/storage
export const getDownloadURL = unavailable('firebase/storage getDownloadURL');
export const ref = unavailable('firebase/storage ref');
