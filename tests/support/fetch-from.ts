// A fetch whose connections leave from a chosen local address (127.0.0.2, 127.0.0.3, …: every 127/8 address is
// this machine's loopback), so one test can be several clients that a server or a balancer tells apart by address.
// Plain HTTP with string bodies: what the API calls of NodeTransport send outside multipart.
import http from 'node:http';

export function fetchFrom(localAddress: string): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
        reject(new Error('fetchFrom sends string bodies only'));
        return;
      }
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const request = http.request(url, { method: init.method ?? 'GET', headers, localAddress, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          const status = response.statusCode ?? 500;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) answerHeaders.append(name, one);
          }
          resolve(new Response(body, { status, headers: answerHeaders }));
        });
        response.once('error', reject);
      });
      request.once('error', reject);
      request.end(init.body ?? undefined);
    });
}
