/** Types of ./control.mjs for the TypeScript tests and benchmarks that start a CouchDB. */
export type RunningCouchdb = {
  dir: string;
  url: string;
  urls: string[];
  adminUrl: string;
  adminUrls: string[];
  admin: { name: string; password: string };
  script: string;
  stop(options?: { remove?: boolean }): Promise<void>;
  restartNode(n: number): Promise<void>;
  pids(): Promise<Record<string, number>>;
};
export function couchdbCandidates(env?: NodeJS.ProcessEnv): { dir: string; from: string }[];
export function findCouchdbScript(env?: NodeJS.ProcessEnv): { script: string; from: string } | undefined;
export function startCouchdb(options?: { nodes?: 1 | 3; dir?: string; fresh?: boolean; extraIni?: string }): Promise<RunningCouchdb>;
