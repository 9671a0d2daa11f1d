// Certificate and key tools: which of their inputs they print. A certificate, a CSR or a public
// key is public; a private key or a key store is printed only by the forms that output it.
import type { ProgramSpec, Row } from './types';

/** Values of openssl options (single-dash words); a key handed in to sign or check is used, not printed. */
const TAKES = [
  '-days',
  '-subj',
  '-inform',
  '-outform',
  '-keyform',
  '-extensions',
  '-set_serial',
  '-passin',
  '-passout',
  '-nameopt',
  '-certopt',
  '-addext',
  '-newkey',
  '-name',
  '-checkhost',
  '-checkemail',
  '-purpose',
  '-connect',
  '-servername',
  '-starttls',
  '-hmac',
  '-sigopt',
  '-pkeyopt',
  '-cipher',
  '-md',
];
const USES_KEYS = {
  '-CA': 'meta',
  '-CAkey': 'meta',
  '-CAfile': 'meta',
  '-signkey': 'meta',
  '-key': 'meta',
  '-cert': 'meta',
  '-untrusted': 'meta',
  '-config': 'meta',
  '-extfile': 'meta',
} as const;
const WRITES = { '-out': 'write', '-keyout': 'write' } as const;

/** `-in FILE` is only parsed as a certificate, request, public key or list: a private key given to it is refused, not printed. */
const publicInput = (sub: string, example: string, effects: string[]): Row => ({
  sub: [sub],
  takes: TAKES,
  opts: { '-in': 'meta', ...USES_KEYS, ...WRITES },
  rest: 'meta',
  examples: [{ command: example, effects }],
});

export const CRYPTO: ProgramSpec[] = [
  {
    names: ['openssl'],
    singleDashLong: true,
    rows: [
      publicInput('x509', 'openssl x509 -in certs/ca.pem -noout -subject', ['read(certs/ca.pem, metadata)']),
      publicInput('req', 'openssl req -in app.csr -noout -text', ['read(app.csr, metadata)']),
      publicInput('crl', 'openssl crl -in ca.crl -noout -text', ['read(ca.crl, metadata)']),
      publicInput('verify', 'openssl verify -CAfile certs/ca.pem certs/server.pem', ['read(certs/ca.pem, metadata)', 'read(certs/server.pem, metadata)']),
      publicInput('s_client', 'openssl s_client -connect example.com:443 -servername example.com', []),
      ...['dgst', 'sha1', 'sha256', 'sha384', 'sha512', 'md5'].map(
        (sub): Row => ({
          sub: [sub],
          takes: TAKES,
          opts: { '-sign': 'meta', '-verify': 'meta', '-prverify': 'meta', '-signature': 'meta', ...WRITES },
          rest: 'read',
          mode: 'hash',
          examples: [{ command: `openssl ${sub} .env`, effects: ['read(.env, hash)'] }],
        }),
      ),
      ...['rsa', 'ec', 'pkey', 'dsa'].flatMap((sub): Row[] => [
        {
          // The public half, or a check that prints nothing of the key.
          sub: [sub],
          when: ['-pubout', '-check', '-noout'],
          unless: ['-text'],
          takes: TAKES,
          opts: { '-in': 'meta', ...WRITES },
          examples: [{ command: `openssl ${sub} -in key.pem -pubout`, effects: ['read(key.pem, metadata)'] }],
        },
        {
          sub: [sub],
          takes: TAKES,
          opts: { '-in': 'read', ...WRITES },
          examples: [{ command: `openssl ${sub} -in key.pem -text -noout`, effects: ['read(key.pem, content)'] }],
        },
      ]),
      {
        // enc, base64, pkcs12, asn1parse, cms, smime, pkeyutl, …: what they read may be printed.
        takes: TAKES,
        opts: { '-in': 'read', '-inkey': 'read', '-kfile': 'read', ...WRITES },
        rest: 'arg',
        examples: [
          { command: 'openssl base64 -in .env', effects: ['read(.env, content)', 'read?(base64, content)'] },
          { command: 'openssl pkcs12 -in certs/app.p12 -nodes', effects: ['read(certs/app.p12, content)', 'read?(pkcs12, content)'] },
        ],
      },
    ],
  },
  {
    // Java key stores: keytool manages entries and prints certificates, never a private key (it has no
    // form that does); -list prints entry names and fingerprints. The store is used, not printed.
    names: ['keytool'],
    singleDashLong: true,
    rows: [
      {
        takes: [
          '-alias',
          '-storepass',
          '-keypass',
          '-storetype',
          '-keyalg',
          '-keysize',
          '-validity',
          '-dname',
          '-ext',
          '-srcalias',
          '-destalias',
          '-srcstorepass',
          '-deststorepass',
          '-srcstoretype',
          '-deststoretype',
          '-providerclass',
          '-sigalg',
          '-startdate',
          '-groupname',
        ],
        opts: { '-keystore': 'meta', '-srckeystore': 'meta', '-destkeystore': 'meta', '-file': 'meta' },
        rest: 'none',
        examples: [
          { command: 'keytool -list -keystore app.keystore', effects: ['read(app.keystore, metadata)'] },
          { command: 'keytool -genkeypair -keystore release.jks -alias upload', effects: ['read(release.jks, metadata)'] },
        ],
      },
    ],
  },
  {
    // Signing tools: the key store signs the package; nothing of the key is printed.
    names: ['jarsigner', 'apksigner', 'bundletool'],
    singleDashLong: true,
    rows: [
      {
        takes: [
          '-storepass',
          '-keypass',
          '-storetype',
          '-sigalg',
          '-digestalg',
          '-tsa',
          '--ks-key-alias',
          '--ks-pass',
          '--key-pass',
          '--ks-type',
          '--bundle',
          '--output',
          '--mode',
          '--device-spec',
          '--out',
          '--min-sdk-version',
        ],
        opts: { '-keystore': 'meta', '--ks': 'meta', '--key': 'meta', '--cert': 'meta' },
        rest: 'none',
        examples: [
          {
            command: 'bundletool build-apks --bundle app.aab --output app.apks --ks upload.keystore --ks-key-alias upload',
            effects: ['read(upload.keystore, metadata)'],
          },
          { command: 'apksigner sign --ks release.jks app.apk', effects: ['read(release.jks, metadata)'] },
        ],
      },
    ],
  },
  {
    // PuTTY's tools log in with a .ppk key (-i), as ssh -i does.
    names: ['putty', 'plink', 'pscp', 'psftp'],
    rows: [
      {
        takes: ['-P', '-l', '-pw', '-L', '-R', '-D', '-m', '-load', '-hostkey', '-proxycmd', '-sercfg', '-serial'],
        opts: { '-i': 'meta' },
        rest: 'none',
        examples: [{ command: 'putty -ssh deploy@host.example.com -i keys/deploy.ppk', effects: ['read(keys/deploy.ppk, metadata)'] }],
      },
    ],
  },
];
