/** What the global setup hands to every journey (vitest `provide` / `inject`). */
export interface StackInfo {
  urls: {
    web: string;
    auth: string;
    functions: string;
    firestore: string;
    stripe: string;
    /** MailDev: every mail the stack sent (REST API: scripts/lib/maildev.ts). */
    mail: string;
  };
  projectId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    browserWsEndpoint: string;
  }
}
