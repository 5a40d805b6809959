/** Placeholder until its issue lands. */
export function AdminDashboardPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>Admin Dashboard</h1>
    </main>
  );
}
