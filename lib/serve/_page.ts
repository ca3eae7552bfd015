// The playground page placeholder (replaced below).
export const PAGE_FILES: Readonly<Record<string, { body: string; type: string; headers: [string, string][] }>> = {};
