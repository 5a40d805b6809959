/** Placeholder until its issue lands. */
export function LoginPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>Portal Access</h1>
    </main>
  );
}
