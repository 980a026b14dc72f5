// The transfers between branches as the router sees them: the list, a new transfer, one transfer.
export { NewTransfer } from './NewTransfer';
export { TransferDetail } from './TransferDetail';
export { TransferList } from './TransferList';
