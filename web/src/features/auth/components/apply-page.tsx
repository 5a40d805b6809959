/** Placeholder until its issue lands. */
export function ApplyPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>Request Access</h1>
    </main>
  );
}
