export default definePageConfig({ navigationBarTitleText: '店铺订单', navigationStyle: 'custom' })
