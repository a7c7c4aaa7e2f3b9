export default definePageConfig({ navigationBarTitleText: '支付结果', navigationStyle: 'custom' })
