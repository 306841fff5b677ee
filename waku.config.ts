import { defineConfig } from 'waku/config';

export default defineConfig({});
