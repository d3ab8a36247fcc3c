import dns2 from "dns2";

const { Packet } = dns2;

export interface FakeDnsServer {
  /** `127.0.0.1:<port>`, as `DNS_SERVERS` takes it. */
  address: string;
  close(): Promise<void>;
}

/**
 * A real DNS server on a local UDP port answering TXT questions from `records` (asked per query, so
 * a test can publish a record while the server runs); any other name is NXDOMAIN.
 */
export async function startFakeDnsServer(records: () => Record<string, string[]>): Promise<FakeDnsServer> {
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const found = question && question.type === Packet.TYPE.TXT ? records()[question.name.toLowerCase()] : undefined;
      if (!found) response.header.rcode = 3;
      for (const text of found ?? []) response.answers.push(Packet.createResourceFromQuestion(question!, { ttl: 1, data: text }));
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  return { address: `127.0.0.1:${addresses.udp!.port}`, close: () => server.close().then(() => undefined) };
}
