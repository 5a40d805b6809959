import { stockAlertCases } from './cases/stock-alerts';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: stock_alerts/{alertId}', stockAlertCases);
