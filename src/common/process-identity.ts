import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This process among the replicas: the owner written on work it holds a lease on, so that another
 * replica can tell a lease it may take over (expired) from one still held, and logs can name it.
 */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
