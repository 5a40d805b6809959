/**
 * The emulator under test: our own (started on a free port) or, when FIRESTORE_CONFORMANCE_TARGET=host:port
 * is set, an already running emulator such as the official one. Every suite uses its own project id.
 */
import { randomBytes } from 'node:crypto';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/index.js';

export interface Target {
  host: string;
  port: number;
  url: string;
  projectId: string;
  /** True when the suite drives an external emulator. */
  external: boolean;
  close(): Promise<void>;
}

export function uniqueProjectId(suite: string): string {
  return `demo-${suite}-${randomBytes(4).toString('hex')}`;
}

export async function startTarget(suite: string): Promise<Target> {
  const projectId = uniqueProjectId(suite);
  const external = process.env['FIRESTORE_CONFORMANCE_TARGET'];
  if (external) {
    const [host, port] = external.split(':');
    return {
      host: host ?? '127.0.0.1',
      port: Number(port),
      url: `http://${external}`,
      projectId,
      external: true,
      close: async () => undefined,
    };
  }
  const emulator: FirestoreEmulator = await startFirestoreEmulator({ port: 0, projectId });
  return {
    host: emulator.host,
    port: emulator.port,
    url: emulator.url,
    projectId,
    external: false,
    close: () => emulator.stop(),
  };
}

export interface RestResponse {
  status: number;
  headers: Headers;
  text: string;
  json<T = unknown>(): T;
}

export interface RestOptions {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  admin?: boolean;
}

function isAbsolute(path: string): boolean {
  return (
    path === '/' ||
    path.startsWith('/v1/') ||
    path.startsWith('/v1beta1/') ||
    path.startsWith('/emulator/') ||
    path.startsWith('/google.')
  );
}

/** A raw HTTP/1.1 call; `path` is absolute when it starts with /v1/ or /emulator/, else it follows the project's documents. */
export async function rest(
  target: Target,
  method: string,
  path: string,
  options: RestOptions = {},
): Promise<RestResponse> {
  const url = isAbsolute(path)
    ? `${target.url}${path}`
    : `${target.url}/v1/projects/${target.projectId}/databases/(default)/documents${path}`;
  const headers: Record<string, string> = {
    ...(options.admin === false ? {} : { authorization: 'Bearer owner' }),
    ...(options.headers ?? {}),
  };
  const init: RequestInit = { method, headers };
  if (options.raw !== undefined) init.body = options.raw;
  else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
}

export function docName(target: Target, path: string): string {
  return `projects/${target.projectId}/databases/(default)/documents/${path}`;
}

/** Clears the suite's project through the official admin endpoint. */
export async function clearProject(target: Target): Promise<void> {
  const res = await rest(
    target,
    'DELETE',
    `/emulator/v1/projects/${target.projectId}/databases/(default)/documents`,
  );
  if (res.status !== 200) throw new Error(`clear failed: ${res.status} ${res.text}`);
}

export const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3}|\.\d{6})?Z$/;
