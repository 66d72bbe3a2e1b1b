// A webhook receiver for trying deliveries on your own machine (docs/guide.md, "Receive webhooks"):
//   WEBHOOK_SECRET=whsec_… node docs/examples/webhook-receiver.mjs
// It verifies each delivery's signature with the Standard Webhooks library, prints the event, and
// answers 204. Anything else (a bad signature, a stale timestamp) is answered 400.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  process.stderr.write('Set WEBHOOK_SECRET to the secret the create answer showed (whsec_…)\n');
  process.exit(2);
}
const webhook = new Webhook(secret);
const port = Number(process.env.RECEIVER_PORT ?? 4000);
// Delivery is at least once: a delivery seen before (same webhook-id) is acknowledged, not handled again.
const seen = new Set();

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    // Verify the body exactly as received: parsing and re-serialising it would change the signed bytes.
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = webhook.verify(body, request.headers);
      const id = request.headers['webhook-id'];
      if (!seen.has(id)) {
        seen.add(id);
        process.stdout.write(`${event.type} ${event.id} ${JSON.stringify(event.data).slice(0, 120)}\n`);
      }
      response.writeHead(204).end();
    } catch (error) {
      process.stdout.write(`refused: ${error.message}\n`);
      response.writeHead(400).end();
    }
  });
}).listen(port, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${port}\n`));
