/** Placeholder until its issue lands. */
export function CartPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>Your Cart</h1>
    </main>
  );
}
