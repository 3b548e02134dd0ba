import './app.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './offline';

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
registerServiceWorker();
