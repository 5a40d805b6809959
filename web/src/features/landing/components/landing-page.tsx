/** Placeholder until its issue lands. */
export function LandingPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>California's Electric Flavor</h1>
    </main>
  );
}
