export default definePageConfig({ navigationBarTitleText: '中奖记录', navigationStyle: 'custom' })
