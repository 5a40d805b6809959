/** Placeholder until its issue lands. */
export function StorePage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>VIP Product Catalog</h1>
    </main>
  );
}
