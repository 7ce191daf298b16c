// Demo quotations and an extension (filled in below).
export {};
