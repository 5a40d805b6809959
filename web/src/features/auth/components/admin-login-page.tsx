/** Placeholder until its issue lands. */
export function AdminLoginPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>Admin Login</h1>
    </main>
  );
}
