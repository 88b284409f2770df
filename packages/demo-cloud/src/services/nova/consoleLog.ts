import { createHash } from 'node:crypto';
import type { ServerDoc } from './model';

/**
 * A guest's serial console log: a plausible boot (kernel, init, DHCP, metadata, login prompt),
 * deterministic per server, that grows with the time since the guest started booting.
 */

interface LogLine {
  /** Seconds after the boot started at which the line appears. */
  readonly at: number;
  readonly text: string;
}

const kernelTime = (seconds: number): string => `[${seconds.toFixed(6).padStart(12, ' ')}]`;

/** A small deterministic generator, so the same server always prints the same boot. */
const seeded = (seed: string): (() => number) => {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
};

export type GuestFamily = 'cirros' | 'cloud-init';

const kernelLines = (s: ServerDoc, rand: () => number, family: GuestFamily): LogLine[] => {
  const version =
    family === 'cirros'
      ? '5.15.0-71-generic (buildd@lcy02-amd64-044) (gcc (Ubuntu 11.3.0-1ubuntu1~22.04) 11.3.0) #78-Ubuntu SMP'
      : '6.1.0-13-cloud-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC';
  const root = family === 'cirros' ? 'LABEL=cirros-rootfs' : 'PARTUUID=6a1c2f3e-01';
  const memKb = s.flavor.ram * 1024;
  const entries: Array<[number, string]> = [
    [0, `Linux version ${version}`],
    [0, `Command line: BOOT_IMAGE=/boot/vmlinuz root=${root} ro console=tty1 console=ttyS0`],
    [0, "x86/fpu: Supporting XSAVE feature 0x001: 'x87 floating point registers'"],
    [0, 'BIOS-provided physical RAM map:'],
    [
      0,
      `BIOS-e820: [mem 0x0000000000100000-0x${(memKb * 1024 - 1).toString(16).padStart(16, '0')}] usable`,
    ],
    [0, 'NX (Execute Disable) protection: active'],
    [0, 'SMBIOS 2.8 present.'],
    [0, 'DMI: OpenStack Foundation OpenStack Nova, BIOS 1.16.0-debian-1.16.0-5 04/01/2014'],
    [0, 'Hypervisor detected: KVM'],
    [0, `smpboot: Allowing ${s.flavor.vcpus} CPUs, 0 hotplug CPUs`],
    [0, `Memory: ${Math.round(memKb * 0.92)}K/${memKb}K available`],
    [0.05, `rcu: Hierarchical RCU implementation.`],
    [0.12, `smp: Brought up 1 node, ${s.flavor.vcpus} CPU${s.flavor.vcpus === 1 ? '' : 's'}`],
    [0.31, 'PCI: Using configuration type 1 for base access'],
    [0.48, 'virtio-pci 0000:00:03.0: virtio_pci: leaving for legacy driver'],
    [0.52, 'Serial: 8250/16550 driver, 4 ports, IRQ sharing enabled'],
    [0.53, '00:04: ttyS0 at I/O 0x3f8 (irq = 4, base_baud = 115200) is a 16550A'],
    [
      0.71,
      `virtio_blk virtio2: [vda] ${s.flavor.disk * 2097152} 512-byte logical blocks (${(s.flavor.disk * 1.07374).toFixed(2)} GB/${s.flavor.disk}.00 GiB)`,
    ],
    [0.74, ' vda: vda1 vda15'],
    [0.95, 'EXT4-fs (vda1): mounted filesystem with ordered data mode. Quota mode: none.'],
    [1.02, 'Freeing unused kernel image (initmem) memory: 2736K'],
    [1.03, 'Run /sbin/init as init process'],
  ];
  return entries.map(([at, text]) => ({
    at: at === 0 ? 0 : at + rand() * 0.05,
    text: `${kernelTime(at === 0 ? 0 : at + rand() * 0.05)} ${text}`,
  }));
};

const fixedIps = (s: ServerDoc): string[] =>
  s.addresses.filter((a) => a.type === 'fixed' && a.version === 4).map((a) => a.addr);

const cirrosLines = (s: ServerDoc): LogLine[] => {
  const ip = fixedIps(s)[0];
  const lines: Array<[number, string]> = [
    [1.4, 'Starting syslogd: OK'],
    [1.45, 'Starting klogd: OK'],
    [1.6, 'Running sysctl: OK'],
    [1.7, 'Initializing random number generator: OK'],
    [1.75, 'Saving random seed: OK'],
    [1.9, 'Starting network: udhcpc: started, v1.35.0'],
    [2.0, 'udhcpc: broadcasting discover'],
  ];
  if (ip) {
    lines.push(
      [2.3, `udhcpc: broadcasting select for ${ip}, server ${ip.replace(/\.\d+$/, '.1')}`],
      [
        2.35,
        `udhcpc: lease of ${ip} obtained from ${ip.replace(/\.\d+$/, '.1')}, lease time 86400`,
      ],
      [2.4, `route: SIOCADDRT: File exists`],
      [2.45, 'OK'],
    );
  } else {
    lines.push([5.0, 'udhcpc: no lease, failing'], [5.05, 'FAIL']);
  }
  lines.push(
    [2.9, 'checking http://169.254.169.254/2009-04-04/instance-id'],
    [
      3.1,
      `successful after 1/20 tries: up 3.10. iid=${s.instance_name.replace('instance-', 'i-')}`,
    ],
    [3.2, `failed to get http://169.254.169.254/2009-04-04/meta-data/public-keys`],
    ...(s.key_name
      ? [
          [3.25, `warning: no ec2 metadata for public-keys; using openstack metadata`] as [
            number,
            string,
          ],
        ]
      : []),
    [3.4, `Top of dropbear init script`],
    [3.45, 'Starting dropbear sshd: OK'],
    [3.8, 'GROWROOT: NOCHANGE: partition 1 is size 2078687. it cannot be grown'],
    [4.2, `=== system information ===`],
    [4.21, `Platform: OpenStack Foundation OpenStack Nova`],
    [4.22, `Container: none`],
    [4.23, `Arch: x86_64`],
    [4.24, `CPU(s): ${s.flavor.vcpus} @ 2394.454 MHz`],
    [4.25, `Cores/Sockets/Threads: 1/${s.flavor.vcpus}/1`],
    [4.26, `Virt-type: AMD-V`],
    [4.27, `RAM Size: ${Math.round(s.flavor.ram * 0.9)}MB`],
    [4.28, `Disks:`],
    [4.29, `NAME  MAJ:MIN       SIZE LABEL         MOUNTPOINT`],
    [4.3, `vda   253:0   ${String(s.flavor.disk * 1073741824).padStart(11, ' ')}`],
    [
      4.31,
      `vda1  253:1   ${String(s.flavor.disk * 1073741824 - 5242880).padStart(11, ' ')} cirros-rootfs /`,
    ],
    [4.4, `=== sshd host keys ===`],
    [4.41, `-----BEGIN SSH HOST KEY KEYS-----`],
    [
      4.42,
      `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${createHash('sha1').update(s.id).digest('base64').slice(0, 20)} root@${s.hostname}`,
    ],
    [4.43, `-----END SSH HOST KEY KEYS-----`],
    [4.5, `=== network info ===`],
    ...(ip
      ? [
          [4.51, `if-info: lo,up,127.0.0.1,8,,`] as [number, string],
          [4.52, `if-info: eth0,up,${ip},24,,`] as [number, string],
          [4.53, `ip-route:default via ${ip.replace(/\.\d+$/, '.1')} dev eth0`] as [number, string],
        ]
      : [[4.51, `if-info: lo,up,127.0.0.1,8,,`] as [number, string]]),
    [4.6, `=== datasource: ec2 net ===`],
    [4.61, `instance-id: ${s.instance_name.replace('instance-', 'i-')}`],
    [4.62, `name: N/A`],
    [4.63, `availability-zone: ${s.availability_zone ?? 'nova'}`],
    [4.64, `local-hostname: ${s.hostname}`],
    [4.65, `launch-index: ${s.launch_index}`],
    [4.7, `=== cirros: current=0.6.2 uptime=4.70 ===`],
    [4.8, ''],
    [4.81, '   CirrOS - a tiny cloud guest'],
    [4.82, ''],
    [4.9, "login as 'cirros' user. default password: 'gocubsgo'. use 'sudo' for root."],
    [4.95, `${s.hostname} login: `],
  );
  return lines.map(([at, text]) => ({ at, text }));
};

const cloudInitLines = (s: ServerDoc): LogLine[] => {
  const ip = fixedIps(s)[0] ?? '.';
  const fingerprint = createHash('sha256').update(s.id).digest('base64').replace(/=+$/, '');
  const lines: Array<[number, string]> = [
    [1.6, '[  OK  ] Started systemd-journald.service - Journal Service.'],
    [1.9, '[  OK  ] Reached target local-fs.target - Local File Systems.'],
    [2.2, '[  OK  ] Started systemd-networkd.service - Network Configuration.'],
    [
      2.6,
      `cloud-init[412]: Cloud-init v. 22.4.2 running 'init-local' at ${new Date(s.booted_at ?? s.created_at).toUTCString()}. Up 2.60 seconds.`,
    ],
    [
      3.4,
      `cloud-init[455]: Cloud-init v. 22.4.2 running 'init' at ${new Date(s.booted_at ?? s.created_at).toUTCString()}. Up 3.40 seconds.`,
    ],
    [
      3.41,
      'cloud-init[455]: ci-info: ++++++++++++++++++++++++Net device info+++++++++++++++++++++++++',
    ],
    [
      3.42,
      'cloud-init[455]: ci-info: | Device |  Up  |   Address   |   Mask    | Scope |     Hw-Address    |',
    ],
    [
      3.43,
      `cloud-init[455]: ci-info: |  ens3  | True | ${ip.padEnd(11)} | 255.255.255.0 | global | ${s.addresses[0]?.mac ?? '.'} |`,
    ],
    [
      3.44,
      'cloud-init[455]: ci-info: |   lo   | True |  127.0.0.1  | 255.0.0.0 |  host |         .         |',
    ],
    [4.1, `cloud-init[455]: Generating public/private ed25519 key pair.`],
    [4.3, `cloud-init[455]: The key fingerprint is:`],
    [4.31, `cloud-init[455]: SHA256:${fingerprint.slice(0, 43)} root@${s.hostname}`],
    [5.2, '[  OK  ] Started ssh.service - OpenBSD Secure Shell server.'],
    [
      5.9,
      `cloud-init[602]: Cloud-init v. 22.4.2 running 'modules:config' at ${new Date(s.booted_at ?? s.created_at).toUTCString()}. Up 5.90 seconds.`,
    ],
    [6.5, '-----BEGIN SSH HOST KEY FINGERPRINTS-----'],
    [6.51, `256 SHA256:${fingerprint.slice(0, 43)} root@${s.hostname} (ED25519)`],
    [6.52, '-----END SSH HOST KEY FINGERPRINTS-----'],
    [
      6.8,
      `cloud-init[640]: Cloud-init v. 22.4.2 finished at ${new Date(s.booted_at ?? s.created_at).toUTCString()}. Datasource DataSourceOpenStackLocal [net,ver=2].  Up 6.80 seconds`,
    ],
    [7.0, ''],
    [7.01, `Debian GNU/Linux 12 ${s.hostname} ttyS0`],
    [7.02, ''],
    [7.05, `${s.hostname} login: `],
  ];
  return lines.map(([at, text]) => ({ at, text }));
};

const shutdownLines = (): string[] => [
  '[  OK  ] Stopped target multi-user.target - Multi-User System.',
  '[  OK  ] Stopped ssh.service - OpenBSD Secure Shell server.',
  '[  OK  ] Reached target shutdown.target - System Shutdown.',
  'reboot: Power down',
];

/**
 * The console log of a server: the lines of its current boot that have appeared `elapsedSeconds`
 * after the boot started (all of them when Infinity), then shutdown lines when it is off.
 */
export const consoleLog = (
  s: ServerDoc,
  family: GuestFamily,
  elapsedSeconds: number,
  poweredOff: boolean,
): string => {
  const rand = seeded(s.id);
  const lines = [
    ...kernelLines(s, rand, family),
    ...(family === 'cirros' ? cirrosLines(s) : cloudInitLines(s)),
  ]
    .filter((l) => l.at <= elapsedSeconds)
    .map((l) => l.text);
  if (poweredOff) lines.push(...shutdownLines());
  // The log ends where the guest stopped writing: at the login prompt, without a newline.
  return lines.join('\n');
};

/** nova's _tail_log: the last `length` newline-separated pieces (the whole log when null). */
export const tailLog = (log: string, length: number | null): string => {
  if (length === null) return log;
  if (length === 0) return '';
  return log.split('\n').slice(-length).join('\n');
};
