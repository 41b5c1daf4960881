// What the start-up probe measures: ports of its own on 127.0.0.1, held only while it runs, so the
// probe never sends a packet to a service the device's owner runs (a web server on port 80, a
// game server on traceroute's 33434). ICMP probes (ping, traceroute -I, mtr) are answered by the
// kernel itself and reach no service.
import dgram from 'node:dgram';
import { once } from 'node:events';
import net from 'node:net';

export const PROBE_ADDRESS = '127.0.0.1';

export interface ProbeTarget {
  address: string;
  /**
   * A TCP listener of the probe's: a TCP traceroute's SYN is answered by the kernel for it, mtr's
   * TCP probe connects to it (and is closed at once).
   */
  tcpPort: number;
  /**
   * A UDP port the probe holds where nothing is delivered: its socket is connected to port 1, and
   * the kernel hands a connected socket only datagrams from that peer. A probe's datagram finds
   * no socket and gets the ICMP port-unreachable that tells a UDP traceroute or mtr it arrived,
   * while no other program can have bound the port.
   */
  udpPort: number;
  close(): Promise<void>;
}

export async function openProbeTarget(): Promise<ProbeTarget> {
  const tcp = net.createServer((socket) => socket.destroy());
  const udp = dgram.createSocket('udp4');
  const close = async () => {
    await Promise.all([
      new Promise<void>((resolve) => tcp.close(() => resolve())),
      new Promise<void>((resolve) => {
        try {
          udp.close(() => resolve());
        } catch {
          resolve(); // never bound
        }
      }),
    ]);
  };
  try {
    tcp.listen(0, PROBE_ADDRESS);
    await once(tcp, 'listening');
    udp.bind(0, PROBE_ADDRESS);
    await once(udp, 'listening');
    udp.connect(1, PROBE_ADDRESS);
    await once(udp, 'connect');
  } catch (err) {
    await close();
    throw err;
  }
  return {
    address: PROBE_ADDRESS,
    tcpPort: (tcp.address() as net.AddressInfo).port,
    udpPort: udp.address().port,
    close,
  };
}
