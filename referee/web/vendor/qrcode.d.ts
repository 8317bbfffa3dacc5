// The types of the vendored qrcode-generator (qrcode.js, MIT) as qr.js uses it, so that the
// type check (make typecheck-web) reads these instead of checking the vendored code itself.
export interface QRCode {
  addData(data: string, mode?: "Numeric" | "Alphanumeric" | "Byte" | "Kanji"): void;
  make(): void;
  getModuleCount(): number;
  isDark(row: number, col: number): boolean;
}
export declare function qrcode(typeNumber: number, errorCorrectionLevel: "L" | "M" | "Q" | "H"
): QRCode;
export default qrcode;
export declare const stringToBytes: (s: string) => number[];
