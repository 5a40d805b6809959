/** Placeholder until its issue lands. */
export function AccountPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>My Account</h1>
    </main>
  );
}
