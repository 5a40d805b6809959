import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error screen (docs/product.md §14): 'Unexpected Application Error!' and the message. */
export function RouterErrorScreen() {
  const error = useRouteError();
  return (
    <main role="alert" style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 24 }}>Unexpected Application Error!</h1>
      <p style={{ fontSize: 16, color: '#5b21b6' }}>{describe(error)}</p>
      <a href="/">Return to Home</a>
    </main>
  );
}
