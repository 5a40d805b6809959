/** Placeholder until its issue lands. */
export function PaymentSuccessPage() {
  return (
    <main style={{ padding: 32 }}>
      <h1>Payment Successful!</h1>
    </main>
  );
}
