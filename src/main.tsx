import './app.css';
import './sales/sales.css';
import './clients/clients.css';
import './table/table.css';
// The customer display's few rules (its screen is a chunk; esbuild does not load a chunk's CSS).
import './display/display.css';
// uPlot's own few rules (the cashbook's chart); the library's code arrives with the chart, not here.
import 'uplot/dist/uPlot.min.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { listenToBackend } from './events';
import { registerServiceWorker } from './offline';
import { startSession } from './session';

// The worker for the signed-in business starts first; everything below talks to it.
void startSession();
listenToBackend();

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
void registerServiceWorker();
