// Worker threads on Node 20 do not inherit tsx's loader from `--import tsx`: register it here, then load the
// TypeScript module named by the first argument (new Worker(thisFile, { argv: [moduleUrl] })).
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
