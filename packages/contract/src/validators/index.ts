export * from './bankAccount.ts';
export * from './image.ts';
export * from './member.ts';
export * from './messages.ts';
export * from './text.ts';
export * from './thaiId.ts';
export * from './txHash.ts';
export * from './usdtAddress.ts';
