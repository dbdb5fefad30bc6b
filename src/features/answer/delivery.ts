/**
 * Where a sent answer is (the end screens say it): on the server, waiting in this device's outbox,
 * waiting for a sign-in, or stalled. Its own module so completion.tsx and kiosk-completion.tsx,
 * which it renders, both name it without importing each other.
 */
export type Delivery = 'delivered' | 'waiting' | 'needs-auth' | 'stalled';
