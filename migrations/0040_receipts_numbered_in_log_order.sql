-- A sale's receipt is numbered by the receipts projection, in the log's order
-- (projections/src/movements/receipts.rs), from the highest number in `receipts`: the sales no
-- longer take a branch's counter in their own transactions, and its table goes. (Collected
-- payments' receipts keep theirs, `collection_counters`.)
DROP TABLE receipt_counters;
