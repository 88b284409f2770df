import type { FloatingIp } from '@skydeck/contract';

/** What the address is mapped to: "instance fixed-ip", or the fixed IP of a bare port. */
export function mappedText(f: FloatingIp): string {
  if (f.port_id === null) return '-';
  const who = f.instance_name ?? f.instance_id;
  const ip = f.fixed_ip_address ?? '';
  return who ? `${who} ${ip}`.trim() : ip;
}
